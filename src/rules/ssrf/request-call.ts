// Calls that make an HTTP request, shared by the SSRF rules.
const REQUEST_CALL = String.raw`(?:\b(?:requests|httpx|session|aiohttp|urllib3|client)\s{0,3}\.\s{0,3}(?:get|post|put|patch|delete|head|request|options)\s{0,3}\(|\burlopen\s{0,3}\(|\burllib\.request\.Request\s{0,3}\(|\bfetch\s{0,3}\(|\baxios(?:\s{0,3}\.\s{0,3}(?:get|post|put|patch|delete|head|request))?\s{0,3}\(|\bgot(?:\.\w{3,6})?\s{0,3}\(|\bhttps?\.(?:get|request)\s{0,3}\(|\bnew\s{1,3}URL\s{0,3}\(|\b(?:curl|wget)\s|\b(?:Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\s|\bhttp\.(?:Get|Post|NewRequest)\s{0,3}\()`;

const REQUEST_RE = new RegExp(REQUEST_CALL, 'i');

/** Characters before a URL that a request call may sit in: `requests.get(` … `"http://…`. */
const LOOKBACK = 160;

/** True when a request call precedes `column` on the line, close enough to take that URL as its argument. */
export function requestBefore(lineText: string, column: number): boolean {
  return REQUEST_RE.test(lineText.slice(Math.max(0, column - LOOKBACK), column));
}

/** True when the line makes a request anywhere (a rejection rule next to a live call is still a call). */
export function requestOnLine(lineText: string): boolean {
  return REQUEST_RE.test(lineText);
}
