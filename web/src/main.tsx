/* eslint-disable simple-import-sort/imports -- the design tokens and base styles must load before any component's CSS. */
import './styles/tokens.css';
import './styles/base.css';
import { boot } from './app/boot';
/* eslint-enable simple-import-sort/imports */

const container = document.getElementById('root');
if (container) void boot(container);
