// ua-parser-js 1.x ships no types (2.x does, but is AGPL): the little the device list reads.
declare module 'ua-parser-js' {
  interface Part {
    name?: string;
    version?: string;
    major?: string;
  }
  interface UAResult {
    browser: Part;
    os: Part;
    device: { vendor?: string; model?: string; type?: string };
  }
  class UAParser {
    constructor(ua?: string);
    getResult(): UAResult;
  }
  export = UAParser;
}
