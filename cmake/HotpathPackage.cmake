# placeholder: filled by the integration owner
