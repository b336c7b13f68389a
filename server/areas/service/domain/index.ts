/** The service area's door. No other area needs anything of it yet: add here what one comes to need. */
export {};
