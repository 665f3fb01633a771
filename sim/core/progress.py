"""One progress bar for every long command: a widget in a notebook that can draw one
(ipywidgets installed: the ``notebook`` extra), the same text bar elsewhere, and never
tqdm's warning that a notebook cannot draw its widget."""

from importlib.util import find_spec


def progress_bar(**options):
    """A tqdm bar with ``options``: ``tqdm.auto``'s where ipywidgets is there to draw it,
    else the plain text bar (which a notebook shows as text)."""
    if find_spec("ipywidgets") is not None:
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm(dynamic_ncols=True, **options)
