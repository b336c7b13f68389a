/** The content area's door: the home page's banners and notices (the app shell inlines them). */
export { homeContent } from './pages';
