import {
  countyOfZip,
  districtOfZip,
  districtsOf,
  findDistrict,
  postSpelling,
  taiwanCounties,
} from "@shiyi/contracts/taiwan-districts";
import { useRef, type ChangeEvent, type ComponentProps } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { SelectField, TextField } from "./fields.tsx";

type Field = ComponentProps<typeof TextField>["meta"];

const countyOptions = taiwanCounties.map((county) => ({ value: county, label: county }));
/**
 * Without JavaScript nothing narrows the list as a 縣市 is chosen, nor when it is chosen again after
 * a refusal: every district, named with its 縣市, the chosen 縣市's last. Districts of one name
 * (大安區 of 臺北市 and of 臺中市) are all marked chosen, and a browser shows the last of those: the
 * chosen 縣市's own.
 */
const everyDistrict = (chosen: string) =>
  [...taiwanCounties.filter((county) => county !== chosen), chosen].flatMap((county) =>
    districtsOf(county).map((district) => ({ value: district.name, label: `${county} ${district.name}` })),
  );

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * An address in Taiwan as its readers write one: 縣市 and 鄉鎮市區 chosen from the post's list, the
 * postcode filled in from the district (or the district from a postcode typed first: 106 is
 * 臺北市大安區; a postcode never moves a place chosen by hand), then the street. The postcode stays a field of its own, for the 5 and 6 digit
 * forms. The server checks that the parts agree (taiwanAddressIssues).
 */
export function TaiwanAddressFields({
  form,
  fields,
  required,
}: {
  /** The form the fields are in (`useSchemaForm`'s `form`): the district and postcode follow each other through it. */
  form: { update: (options: { name: string; value: string }) => void };
  fields: { zip: Field; city: Field; dist: Field; addr: Field };
  required?: boolean;
}) {
  const hydrated = useHydrated();
  const city = postSpelling(text(fields.city.value));
  const dist = text(fields.dist.value);
  const zip = text(fields.zip.value);
  const districts = districtsOf(city);
  const set = (field: Field, value: string) => form.update({ name: field.name, value });
  // The place a typed postcode chose. Only that place may a later postcode move: one chosen by hand,
  // saved, or filled in (使用會員地址) stays, since a slip of one digit names another real place
  // (100 for 220). `cityByHand`: the postcode chose only the district of a 縣市 chosen by hand.
  const zipChose = useRef<{ city: string; dist: string; cityByHand?: boolean }>(undefined);

  // A district the new 縣市 also has (大安區) stays, with its own postcode; one it lacks goes, and
  // the postcode with it.
  const chooseCounty = (next: string) => {
    if (!dist) return;
    const kept = findDistrict(next, dist);
    if (!kept) {
      set(fields.dist, "");
      set(fields.zip, "");
    } else if (!zip.trim().startsWith(kept.zip)) set(fields.zip, kept.zip);
  };
  const chooseDistrict = (next: string) => {
    const district = findDistrict(city, next);
    if (district && !zip.trim().startsWith(district.zip)) set(fields.zip, district.zip);
  };
  const typeZip = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    const found = districtOfZip(typed);
    const placeOfZip = city === "" || (zipChose.current?.city === city && zipChose.current.dist === dist);
    if (!placeOfZip) {
      // It may fill in a district of that 縣市 not chosen yet; any other is the check's to name
      // (郵遞區號與鄉鎮市區不符), and the choice stays.
      if (!dist && found?.county === city) {
        zipChose.current = { city, dist: found.district.name, cityByHand: true };
        set(fields.dist, found.district.name);
      }
      return;
    }
    if (zipChose.current?.cityByHand) {
      // The district it filled in follows the postcode as it is corrected, within the 縣市 chosen by
      // hand: a whole postcode of none of its districts takes the district away (the check names
      // the postcode), one still being typed leaves it.
      const next = found?.county === city ? found.district.name : typed.trim().length >= 3 ? "" : dist;
      if (next === dist) return;
      zipChose.current = { city, dist: next, cityByHand: true };
      set(fields.dist, next);
      return;
    }
    if (found) {
      if (found.county === city && found.district.name === dist) return;
      zipChose.current = { city: found.county, dist: found.district.name };
      set(fields.city, found.county);
      set(fields.dist, found.district.name);
      return;
    }
    // A postcode its city's districts share (300, 600) chooses the 縣市, and leaves the district to choose.
    const county = countyOfZip(typed);
    if (!county || county === city) return;
    const kept = dist && findDistrict(county, dist) ? dist : "";
    zipChose.current = { city: county, dist: kept };
    set(fields.city, county);
    if (kept !== dist) set(fields.dist, "");
  };

  return (
    // Top-aligned: none of the four has a hint, so the boxes line up by their labels, and a
    // postcode's message of two lines in its narrow column pushes down nothing beside it.
    <div className="grid items-start gap-x-6 gap-y-7 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_8rem]">
      <SelectField
        meta={fields.city}
        label="縣市"
        options={countyOptions}
        placeholder="請選擇縣市"
        required={required}
        onValueChange={chooseCounty}
      />
      <SelectField
        meta={fields.dist}
        label="鄉鎮市區"
        options={
          hydrated
            ? districts.map((district) => ({ value: district.name, label: district.name }))
            : everyDistrict(city)
        }
        placeholder={hydrated && districts.length === 0 ? "請先選擇縣市" : "請選擇鄉鎮市區"}
        disabled={hydrated && districts.length === 0}
        required={required}
        onValueChange={chooseDistrict}
      />
      <TextField
        meta={fields.zip}
        label="郵遞區號"
        inputMode="numeric"
        autoComplete="postal-code"
        required={required}
        onChange={typeZip}
      />
      <TextField
        meta={fields.addr}
        label="詳細地址"
        autoComplete="street-address"
        required={required}
        className="sm:col-span-3"
      />
    </div>
  );
}
