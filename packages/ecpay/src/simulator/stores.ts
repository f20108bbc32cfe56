import type { LogisticsSubType } from "../logistics.ts";
import type { MapPageStore } from "./page.ts";

/*
 * Demo stores for the simulated e-map. The addresses are made up; the ids marked `stageTest` are
 * the ones ECPay publishes for its stage environment (reference §4.2), so a shipment created with
 * them also works against stage. Every store fits what the official plugin keeps of a map reply:
 * id /^[A-Za-z0-9]{1,6}$/, name ≤ 10 characters, address ≤ 60.
 */

export type StoreChain = { readonly name: string; readonly stores: readonly MapPageStore[] };

const store = (
  id: string,
  name: string,
  address: string,
  telephone: string,
  flags: { outlyingIsland?: boolean; stageTest?: boolean } = {},
): MapPageStore => ({
  id,
  name,
  address,
  telephone,
  outlyingIsland: flags.outlyingIsland ?? false,
  stageTest: flags.stageTest ?? false,
});

const sevenEleven: StoreChain = {
  name: "7-ELEVEN",
  stores: [
    store("131386", "建國門市", "臺北市大安區建國南路二段151號", "02-27001386", { stageTest: true }),
    store("185210", "文心門市", "臺中市南屯區文心路一段300號", "04-23285210"),
    store("201364", "府前門市", "臺南市中西區府前路一段200號", "06-2201364"),
    store("173902", "馬公門市", "澎湖縣馬公市中正路50號", "06-9273902", { outlyingIsland: true }),
  ],
};

const familyMart: StoreChain = {
  name: "全家便利商店",
  stores: [
    store("006598", "全家新生店", "臺北市中正區新生南路一段50號", "02-23216598", { stageTest: true }),
    store("013477", "全家高雄中山店", "高雄市新興區中山一路120號", "07-2813477"),
    store("021152", "全家新竹光復店", "新竹市東區光復路二段101號", "03-5721152"),
    store("017623", "全家金門金城店", "金門縣金城鎮民生路30號", "082-317623", { outlyingIsland: true }),
  ],
};

const hiLife: StoreChain = {
  name: "萊爾富",
  stores: [
    store("3415", "萊爾富松山店", "臺北市松山區八德路四段300號", "02-27613415"),
    store("2951", "萊爾富桃園中正店", "桃園市桃園區中正路500號", "03-3322951"),
    store("4720", "萊爾富嘉義民族店", "嘉義市東區民族路200號", "05-2784720"),
  ],
};

const okMart: StoreChain = {
  name: "OK mart",
  stores: [
    store("1328", "OK台北長安店", "臺北市中山區長安東路一段60號", "02-25211328", { stageTest: true }),
    store("2214", "OK板橋文化店", "新北市板橋區文化路一段100號", "02-22722214"),
    store("1876", "OK台中公益店", "臺中市西區公益路150號", "04-23221876"),
  ],
};

/** The chain whose stores the map shows for a LogisticsSubType. */
export const storeChainFor = (subType: LogisticsSubType): StoreChain => {
  switch (subType) {
    case "UNIMART":
    case "UNIMARTC2C":
    case "UNIMARTFREEZE":
      return sevenEleven;
    case "FAMI":
    case "FAMIC2C":
      return familyMart;
    case "HILIFE":
    case "HILIFEC2C":
      return hiLife;
    case "OKMARTC2C":
      return okMart;
  }
};
