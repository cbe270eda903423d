"""The page's logic, as plain Python tested without a browser: the editor the page drives
(`editor`), the rules for saving grids in the browser (`persist`) and the words a player
reads about a link, a paste or a share (`messages`). The library (`pycore`'s formats and
links) knows nothing of them; the page (web/) and the command line use them."""
