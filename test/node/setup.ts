import { ensureLexicons, provideLexicons } from '../../src/detection/lexicons/store.js';
import { nodeLexicons } from '../../src/platform/node/lexicons.js';

// Rules read the word lists synchronously: a test that calls a recognizer or a rule helper directly finds them loaded,
// as it would inside an engine (which awaits them before its rules run).
provideLexicons(nodeLexicons);
await ensureLexicons();
