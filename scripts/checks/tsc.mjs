// tsc --noEmit -p tsconfig.json (web/src, tests, config files). Counts as 1 check.
import { reportExit } from '../lib/check.mjs';
import { npmBin, run } from '../lib/util.mjs';

const { code } = await run(npmBin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
reportExit('tsc', code);
