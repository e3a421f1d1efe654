// Runs the CLI from source (the bin runs the same main() from dist/ after `npm run build`).
import { main } from '../../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
