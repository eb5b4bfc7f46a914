// Runs the server for `npm start` in a process group of its own and hands it a stop signal once.
import { spawn } from 'node:child_process';

/**
 * Starts `command` detached (its own process group), so a Ctrl-C at the terminal reaches only this process, not the
 * server and its embedded PostgreSQL directly: the server alone orders its shutdown. One Ctrl-C arrives here twice
 * (from the terminal, and forwarded by npm), so the first SIGINT/SIGTERM is passed on and later ones are dropped (the
 * server's own 15-second limit ends a stuck shutdown); a closed terminal (SIGHUP) stops it like SIGTERM. This process
 * waits for the server and exits with its code.
 */
export function supervise(command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: 'inherit', detached: true });
  let forwarded = false;
  const forward = (signal) => {
    if (forwarded) return;
    forwarded = true;
    child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
