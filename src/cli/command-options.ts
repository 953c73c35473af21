import { Option } from 'commander';

// What several commands share, kept free of heavy imports: the command line's entry loads this
// for every command, including `--help`.

/** Names the config file; `--config` overrides it. Kept equal to config.ts's CONFIG_FILE_VARIABLE. */
const CONFIG_FILE_VARIABLE = 'DIPJUDGE_CONFIG';

export interface ConfigOptions {
  readonly config?: string;
}

export const configOption = () =>
  new Option('--config <file>', `read settings from this JSON file (environment variables override it; default $${CONFIG_FILE_VARIABLE})`);

/** The environment with --config, if given, in place of DIPJUDGE_CONFIG. */
export const environment = (options: ConfigOptions): Record<string, string | undefined> =>
  options.config === undefined ? process.env : { ...process.env, [CONFIG_FILE_VARIABLE]: options.config };
