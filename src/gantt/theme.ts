import type { GanttTheme } from './frame';

export const lightTheme: GanttTheme = {
  background: '#ffffff',
  headerBackground: '#f3f5f8',
  headerText: '#3b4452',
  gridLine: '#eef0f3',
  majorLine: '#d5dae1',
  weekend: '#f7f8fa',
  rowSelected: '#e8f0fe',
  bar: '#5b8def',
  barProgress: '#2f5fc4',
  critical: '#e04848',
  criticalProgress: '#a82323',
  summary: '#2d3440',
  milestone: '#2d3440',
  target: '#b9c0cb',
  link: '#6b7482',
  dataDate: '#f08c00',
  label: '#2d3440',
  font: '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headerFont: '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};
