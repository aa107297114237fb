// cargo clippy --all-targets -- -D warnings (engine-wasm). Counts as 1 check.
import { reportExit } from '../lib/check.mjs';
import { ENGINE_DIR, run } from '../lib/util.mjs';

const { code } = await run('cargo', ['clippy', '--all-targets', '--', '-D', 'warnings'], { cwd: ENGINE_DIR });
reportExit('cargo clippy', code);
