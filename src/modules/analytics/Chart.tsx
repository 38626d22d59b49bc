// One Highcharts chart in a card: a thin shell over highcharts-react-official.
import HighchartsModule from 'highcharts';
import type { Options } from 'highcharts';
import HighchartsReactModule from 'highcharts-react-official';
import { memo } from 'react';

// Both packages are CommonJS/UMD: the bundle may hand over their module object, not the default.
const unwrap = <T,>(m: T): T => (m as T & { default?: T }).default ?? m;
const Highcharts = unwrap(HighchartsModule);
const HighchartsReact = unwrap(HighchartsReactModule);

interface ChartProps {
  id: string;
  title: string;
  hint?: string | undefined;
  options: Options;
  /** Shown instead of the chart when it has nothing to draw. */
  empty?: string | null | undefined;
}

export const Chart = memo(function Chart({ id, title, hint, options, empty }: ChartProps) {
  return (
    <section className="analytics__card" data-chart={id} aria-label={title}>
      <h2 className="analytics__card-title">{title}</h2>
      {empty ? (
        <p className="analytics__empty">{empty}</p>
      ) : (
        <>
          {hint ? <p className="analytics__hint">{hint}</p> : null}
          <HighchartsReact highcharts={Highcharts} options={options} />
        </>
      )}
    </section>
  );
});
