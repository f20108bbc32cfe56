/// <reference types="vite/client" />
// The site's stylesheet, so components are tested with their real layout, z-index and colours.
import "../apps/web/app/app.css";
