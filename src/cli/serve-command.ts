import { loadConfig } from '../config/config.ts';
import { serve } from '../daemon/serve.ts';
import { environment, type ConfigOptions } from './command-options.ts';
import { createLogger } from './logger.ts';

// `dipjudge serve`: runs until SIGINT or SIGTERM, then finishes the mail in hand and exits.

export async function runServe(options: ConfigOptions): Promise<void> {
  const settings = loadConfig(environment(options));
  const log = createLogger(settings.logLevel);
  const running = await serve(settings, log);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
