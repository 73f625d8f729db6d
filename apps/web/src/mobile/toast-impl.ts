/** Loaded on first use: antd-mobile's Toast brings its mask and animation code, too heavy for the login chunk. */
import './antd-render';

export { Toast } from 'antd-mobile';
