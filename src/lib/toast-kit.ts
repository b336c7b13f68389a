/** antd-mobile's Toast on its own chunk: it brings the mask and react-spring (src/lib/toast.ts). */
export { Toast } from 'antd-mobile';
