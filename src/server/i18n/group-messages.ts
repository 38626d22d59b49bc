// Server texts of a version's WBS grouping (wbs-group-setting, layouts; issue 20), merged into the catalogues.
export const groupEn: Record<string, string> = {
  'group.duplicate_level': 'A column can group only one level: {field}',
  'group.fold_level': 'A folded header has more values than there are grouping levels: {field}',
};

export const groupRu: Record<string, string> = {
  'group.duplicate_level': 'Столбец может группировать только один уровень: {field}',
  'group.fold_level': 'У свёрнутого заголовка больше значений, чем уровней группировки: {field}',
};
