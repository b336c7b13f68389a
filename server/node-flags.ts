/**
 * The V8 flags of the server's process wherever a script starts it (`npm run cluster`'s nodes, the
 * database bench). `npm start` and `npm run serve` (package.json) and deploy/k8s.yaml (NODE_OPTIONS)
 * write the same flags out; node-flags.test.ts keeps them in step.
 *
 * Semi-spaces of 64 MB instead of V8's 16: under the API's load the young generation filled many
 * times a second, each scavenge freeing ≈ 13 MB and keeping ≈ 1 MB (`--trace-gc`). A scavenge costs
 * what survives it (the requests in flight, about the same at any size), not what it frees, so a
 * quarter as many scavenges, each a little longer, took a third of the time; 32 MB measured no
 * gain beside the noise. The space grows only under that load (an idle process keeps the small one): under the
 * database bench's load the server's RSS was 409 MB against 347 (docs/benchmarks.md, "Money
 * through the API").
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
