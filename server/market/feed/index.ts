export { SimulatorFeed } from './simulator';
export { ScriptedFeed } from './scripted';
export { marketInstruments } from './instruments';
