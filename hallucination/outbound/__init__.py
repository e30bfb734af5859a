"""The outbound-request guard and its policy: every request to the outside passes here."""
