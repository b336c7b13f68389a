/** The request's language for HTTP code; the rule lives in the kernel, so the market's routes (below http) read it too. */
export { requestLang } from '../kernel/lang';
