/** The charts' fixed height, shared by the placeholder and the drawing so nothing shifts. */
export const CHART_HEIGHT_PX = 224;
