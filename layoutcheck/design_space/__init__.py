"""Design-space search: every structure (the axes that change the graph) built and checked once
against its contract, then priced over every numeric point (tokens, context, device) at once.

The package is not named ``search`` because ``layoutcheck.search`` is the API function
(:func:`layoutcheck.design_space.api.search`): importing a submodule binds its package as an
attribute of the parent, so a package of that name would replace the function.
"""
