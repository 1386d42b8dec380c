import { data } from 'react-router';

/** Any path no route claims: the root error page answers with 404 "Page not found" (spec 8). */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
