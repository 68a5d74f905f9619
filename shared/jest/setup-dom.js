require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');

// findBy/waitFor give up after 5 s instead of 1 s: on the small shared CI machine a lazily loaded MUI page can take
// longer than a second to render under load. They still resolve as soon as the element is there.
configure({ asyncUtilTimeout: 5000 });
