export { LookalikeScreen, type LookalikeScreenProps } from './components/lookalike-screen';
