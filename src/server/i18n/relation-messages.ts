// Server texts of complex relations between directories (issue 20), merged into the catalogues.
export const relationEn: Record<string, string> = {
  'relation.unknown_source': 'Row {row}: the source directory has no value with the code {code}',
  'relation.unknown_target': 'Row {row}: the target directory has no value with the code {code}',
  'relation.bad_norm': 'Row {row}: the norm {value} is not a number of zero or more',
  'relation.duplicate_row': 'Row {row}: the same pair of codes is already in row {first}',
  'relation.cycle': 'A relation from this directory to that one would lead back to it ({field})',
  'relation.exists': 'These two directories already have a relation',
  'relation.wrong_value': 'The value {value_id} is not in the directory of the relation ({field})',
};

export const relationRu: Record<string, string> = {
  'relation.unknown_source': 'Строка {row}: в справочнике-источнике нет значения с кодом {code}',
  'relation.unknown_target': 'Строка {row}: в зависимом справочнике нет значения с кодом {code}',
  'relation.bad_norm': 'Строка {row}: норма {value} — не число, большее или равное нулю',
  'relation.duplicate_row': 'Строка {row}: та же пара кодов уже есть в строке {first}',
  'relation.cycle': 'Связь этого справочника с тем замкнула бы цепочку связей ({field})',
  'relation.exists': 'Между этими справочниками уже есть связь',
  'relation.wrong_value': 'Значения {value_id} нет в справочнике связи ({field})',
};
