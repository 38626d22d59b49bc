// The views module, loaded on first use: a schedule's cyclogram, network diagram and indicators,
// the scoreboard and a project's pipeline.
export { PipelinePage } from './PipelinePage';
export { ScoreboardPage } from './ScoreboardPage';
export { ViewsPage } from './ViewsPage';
