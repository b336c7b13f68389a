/**
 * The proof-of-liabilities worker's one door: the page hands it a proof and gets the recomputed
 * path back, so hashing a path never runs on the main thread.
 */
import * as Comlink from 'comlink';
import { liabilitiesApi } from './verify';

Comlink.expose(liabilitiesApi);
