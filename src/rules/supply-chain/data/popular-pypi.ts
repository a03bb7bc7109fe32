// Widely used PyPI distributions (PEP 503-normalised), the reference set for SC6 typosquat checks.
// Popularity is approximate; what matters is that a near-miss of one of these is worth a look.
export const POPULAR_PYPI: readonly string[] = `
boto3 botocore urllib3 requests setuptools certifi charset-normalizer idna typing-extensions python-dateutil
s3transfer packaging six aiobotocore numpy pyyaml s3fs fsspec pip cryptography grpcio-status cffi pycparser
google-api-core pandas importlib-metadata pydantic zipp protobuf attrs rsa jmespath pyasn1 click platformdirs
pytz markupsafe jinja2 wheel colorama awscli filelock pydantic-core virtualenv tomli pyjwt googleapis-common-protos
pyasn1-modules cachetools wrapt pluggy google-auth annotated-types pytest sqlalchemy aiohttp jsonschema
multidict yarl pyarrow psutil exceptiongroup iniconfig frozenlist aiosignal docutils requests-oauthlib oauthlib
anyio sniffio h11 httpx httpcore grpcio tomlkit async-timeout pyparsing greenlet scipy decorator pygments
werkzeug flask itsdangerous soupsieve beautifulsoup4 lxml pillow openpyxl et-xmlfile tqdm isodate azure-core
msal msal-extensions portalocker pyopenssl more-itertools regex tzdata distlib rich markdown-it-py mdurl
websocket-client coverage pytest-cov mock tabulate pyzmq tornado traitlets ipython jedi parso prompt-toolkit
wcwidth matplotlib-inline pexpect ptyprocess asttokens executing pure-eval stack-data decorator backcall
pickleshare jupyter-core jupyter-client ipykernel nest-asyncio debugpy comm notebook nbformat nbconvert
nbclient jupyterlab jupyter-server mistune bleach tinycss2 defusedxml pandocfilters webencodings fastjsonschema
matplotlib kiwisolver cycler fonttools contourpy scikit-learn joblib threadpoolctl networkx sympy mpmath
torch torchvision torchaudio tensorflow keras tensorboard absl-py h5py opt-einsum gast astunparse termcolor
flatbuffers ml-dtypes transformers tokenizers huggingface-hub safetensors datasets accelerate sentencepiece
openai tiktoken anthropic langchain langchain-core langchain-community langsmith llama-index chromadb
faiss-cpu sentence-transformers onnxruntime onnx xgboost lightgbm catboost statsmodels patsy seaborn plotly
dash bokeh altair streamlit gradio fastapi starlette uvicorn gunicorn uvloop httptools watchfiles websockets
python-dotenv python-multipart email-validator dnspython orjson ujson simplejson msgpack redis celery kombu
amqp vine billiard django djangorestframework django-cors-headers django-filter channels asgiref sqlparse
psycopg2 psycopg2-binary psycopg pymysql mysqlclient mysql-connector-python pymongo motor elasticsearch
cassandra-driver sqlalchemy-utils alembic mako peewee tortoise-orm marshmallow cerberus voluptuous
jsonpointer jsonpatch jsonpath-ng pyrsistent referencing rpds-py jsonschema-specifications toml pyproject-hooks
build twine readme-renderer pkginfo keyring jaraco-classes secretstorage jeepney requests-toolbelt rfc3986
poetry poetry-core pipenv pdm hatchling hatch flit-core setuptools-scm black isort flake8 pycodestyle pyflakes
mccabe pylint astroid mypy mypy-extensions ruff autopep8 yapf bandit safety pre-commit identify nodeenv
cfgv tox nox pytest-mock pytest-xdist execnet pytest-asyncio pytest-timeout pytest-django pytest-rerunfailures
hypothesis faker factory-boy freezegun responses httpretty moto sortedcontainers boto s3cmd google-cloud-storage
google-cloud-core google-resumable-media google-crc32c google-cloud-bigquery google-cloud-pubsub proto-plus
google-api-python-client google-auth-httplib2 google-auth-oauthlib httplib2 uritemplate azure-storage-blob
azure-identity azure-common msrest adal kubernetes docker paramiko bcrypt pynacl fabric invoke scp sshtunnel
ansible ansible-core pywin32 pywin32-ctypes pyinstaller cx-freeze py2exe pexpect sh plumbum psycopg-binary
selenium playwright pyppeteer scrapy parsel w3lib twisted zope-interface automat constantly hyperlink incremental
lxml-html-clean html5lib cssselect markdown mkdocs mkdocs-material sphinx sphinx-rtd-theme alabaster babel
imagesize snowballstemmer pyopengl opencv-python opencv-python-headless scikit-image imageio tifffile pywavelets
numba llvmlite cython pybind11 cmake ninja meson xlrd xlsxwriter xlwt python-docx python-pptx pypdf pypdf2
pdfminer-six reportlab pymupdf chardet cchardet ftfy unidecode python-slugify text-unidecode inflection
humanize arrow pendulum dateparser tzlocal croniter schedule apscheduler retrying tenacity backoff cachecontrol
diskcache cachetools pydantic-settings typer docopt argcomplete fire loguru structlog sentry-sdk prometheus-client
opentelemetry-api opentelemetry-sdk deprecated wrapt pyserial pyusb bitarray pycryptodome pycryptodomex
ecdsa passlib argon2-cffi itsdangerous authlib python-jose oauth2client jwcrypto
gevent eventlet greenlet trio anyio sniffio outcome aiofiles aioredis aiosqlite asyncpg databases
shapely geopandas pyproj fiona rtree folium nltk spacy gensim textblob jieba wordcloud pyspark py4j findspark
dask distributed toolz cloudpickle partd locket zict tblib polars duckdb sqlglot ibis-framework great-expectations
mlflow wandb optuna ray hydra-core omegaconf einops timm jax jaxlib flax optax lightning pytorch-lightning torchmetrics
xxhash zstandard lz4 brotli python-snappy blosc setproctitle colorlog coloredlogs humanfriendly pyreadline3
tqdm progressbar2 alive-progress halo yaspin questionary inquirer prompt-toolkit blessed urwid textual
pydub soundfile librosa audioread resampy pyaudio sounddevice moviepy imageio-ffmpeg ffmpeg-python
qrcode pyqrcode python-barcode pyotp twilio slack-sdk discord-py python-telegram-bot tweepy praw stripe
sendgrid boto3-stubs types-requests types-pyyaml types-setuptools typeguard beartype attrs cattrs dataclasses-json
jsonpickle dill cloudpickle marshmallow-enum environs python-decouple dynaconf configparser pyhocon
mcp fastmcp markitdown pdfplumber pypdfium2 pdf2image pytesseract
`.split(/\s+/).filter((n) => n.length > 0);
