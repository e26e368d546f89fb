/**
 * App Bridge's fetch interception: requests to the app's own origin get
 * `Authorization: Bearer <session token>`; a 401 carrying
 * `X-Shopify-Retry-Invalid-Session-Request` is retried once with a fresh token.
 */
const RETRY_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';

export function installAuthenticatedFetch(getToken: (fresh?: boolean) => Promise<string>): void {
  const originalFetch = window.fetch.bind(window);

  const isAppRequest = (request: Request) =>
    new URL(request.url).origin === window.location.origin && !request.headers.has('Authorization');

  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!isAppRequest(request)) return originalFetch(request);
    const retryCopy = request.clone();
    const send = async (base: Request, fresh: boolean) => {
      const headers = new Headers(base.headers);
      headers.set('Authorization', `Bearer ${await getToken(fresh)}`);
      return originalFetch(new Request(base, { headers }));
    };
    const response = await send(request, false);
    if (response.status === 401 && response.headers.has(RETRY_HEADER)) {
      return send(retryCopy, true);
    }
    return response;
  };
}
