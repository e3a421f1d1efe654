// Runs the CLI from source (the bin runs the same main() from dist/ after `npm run build`). The tests pin the
// rules' exact outputs, so the NER model stays off here, for text and for documents (anonymize) alike.
import { main } from '../../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2), { ner: false });
