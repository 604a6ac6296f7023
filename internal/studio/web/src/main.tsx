// main.tsx: the console's entry: mounts the app in #app.
import { render } from 'preact';
import { App } from './app';
import './styles.css';

render(<App />, document.getElementById('app')!);
