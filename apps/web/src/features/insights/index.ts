export { InsightsScreen, type InsightsScreenProps } from './components/insights-screen';
