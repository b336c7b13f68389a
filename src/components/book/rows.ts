/** Matches .line's height in book.module.css: the bars canvas is drawn in the same rows. */
export const ROW_PX = 20;
