"""The browser table (sim.web): the views and the server."""
