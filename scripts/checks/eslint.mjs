// eslint . (config: eslint.config.js). Warnings fail too. Counts as 1 check.
import { reportExit } from '../lib/check.mjs';
import { npmBin, run } from '../lib/util.mjs';

const { code } = await run(npmBin('eslint'), ['.', '--max-warnings', '0']);
reportExit('eslint', code);
