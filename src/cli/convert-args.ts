// Arguments of `npm run convert -- IN OUT [--format F] [--no-schedule]`.

import { formatFromFileName, OUTPUT_FORMATS, type OutputFormat } from '../domain/io/write-schedule';

export interface ConvertArgs {
  input: string;
  output: string;
  format: OutputFormat;
  schedule: boolean;
}

export const USAGE = `usage: npm run --silent convert -- IN OUT [--format ${OUTPUT_FORMATS.join('|')}] [--no-schedule]
  IN   .xer, P6 .xml, MSPDI .xml, .xlsx, .csv or .json
  OUT  written in --format, else by its extension (.xml = mspdi, .p6.xml = p6xml)`;

/** The parsed arguments, or an error message for the user. */
export function parseConvertArgs(argv: readonly string[]): ConvertArgs | string {
  const files: string[] = [];
  let format: string | undefined;
  let schedule = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--format' || a === '-f') format = argv[++i];
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else if (a === '--no-schedule') schedule = false;
    else if (a === '--help' || a === '-h') return USAGE;
    else if (a.startsWith('-')) return `unknown option ${a}\n${USAGE}`;
    else files.push(a);
  }
  if (files.length !== 2) return USAGE;
  const [input, output] = files as [string, string];
  if (format !== undefined && !OUTPUT_FORMATS.includes(format as OutputFormat)) {
    return `unknown format ${format}: use one of ${OUTPUT_FORMATS.join(', ')}`;
  }
  const fmt = (format as OutputFormat | undefined) ?? formatFromFileName(output);
  if (!fmt)
    return `cannot tell the format of ${output} from its extension: add --format ${OUTPUT_FORMATS.join('|')}`;
  return { input, output, format: fmt, schedule };
}
