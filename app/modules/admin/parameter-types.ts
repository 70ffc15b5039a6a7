// How the console names a detail's types (the values are the API's type_of_parameter).
export const PARAMETER_TYPE_LABELS = {
  number: "Number",
  text: "Short text",
  textarea: "Long text",
  dropdown: "Dropdown (one option)",
  radio: "Radio buttons (one option)",
  checkbox: "Checkboxes (several options)",
  file: "File",
} as const;
