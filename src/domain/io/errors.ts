// Errors of the file readers and writers. Each carries a message key (translated by the UI and
// the server) and the parameters that locate the problem: the table or element, the line or row.

export type ImportErrorCode =
  | 'import.unknown_format'
  | 'import.truncated'
  | 'import.bad_encoding'
  | 'import.bad_value'
  | 'import.missing_field'
  | 'import.missing_table'
  | 'import.missing_calendar'
  | 'import.bad_reference'
  | 'import.date_out_of_range'
  | 'import.cycle'
  | 'import.too_large'
  | 'import.empty';

export interface ImportErrorParams {
  /** XER table, XML element path or sheet name. */
  where?: string;
  /** 1-based line (text formats) or row (spreadsheets). */
  line?: number;
  field?: string;
  value?: string;
  [key: string]: string | number | undefined;
}

export class ImportError extends Error {
  readonly code: ImportErrorCode;
  readonly params: ImportErrorParams;

  constructor(code: ImportErrorCode, params: ImportErrorParams, message: string) {
    super(message);
    this.name = 'ImportError';
    this.code = code;
    this.params = params;
  }
}
