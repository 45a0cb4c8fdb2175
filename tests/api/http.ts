/** Tiny JSON client for black-box calls; returns status and parsed body together. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; contentType?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = options.rawBody;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // leave plain text as it is
  }
  return { status: response.status, body };
}

export async function graphql(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) {
  const { status, body } = await call(baseUrl, 'POST', '/graphql', { token, body: { query, variables } });
  return {
    status,
    data: body?.data,
    errors: body?.errors as { message: string; extensions?: Record<string, unknown> }[] | undefined,
  };
}
