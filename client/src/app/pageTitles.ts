/**
 * A route's title (the window's, with the product's name after it), set as the route's `handle`:
 * a text, or made from the address where the page names what it shows (the results' query).
 */
export interface PageHandle {
  title: string | ((search: URLSearchParams) => string);
}

export const titled = (title: PageHandle['title']): { handle: PageHandle } => ({ handle: { title } });

export function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}
