"""Rule profiles: the settings a director tunes, loaded from data and checked key by key."""
