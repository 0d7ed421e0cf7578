"""Every word a person reads: the language (i18n), wording, numbers, names, widths."""
