/** The jobs area's door. The area is a plugin only and offers other areas nothing. */
export {};
