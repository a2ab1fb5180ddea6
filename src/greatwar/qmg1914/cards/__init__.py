"""Card behaviours: the framework (:mod:`.base`, :mod:`.script`), the four generic types
(:mod:`.generic`) and one module per power. :mod:`.catalog` imports them all (registering every
behaviour); the engine imports the catalog."""
