import './styles/tokens.css';
import './styles/base.css';
import { boot } from './app/boot';

const container = document.getElementById('root');
if (container) void boot(container);
