#!/usr/bin/env node
// Command line of local-anonymizer (needs `npm run build` first). Contract: README.md, "Command line".
import { main } from '../dist/lib/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
