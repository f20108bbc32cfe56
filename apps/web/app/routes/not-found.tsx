import { data } from "react-router";

/** Every unknown path answers with a real 404 status and the error page. */
export function loader() {
  throw data(null, { status: 404 });
}

/** A form posted to an unknown path finds no page either: 404, not "this page takes no forms". */
export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
